"""The MCP tools, by domain. Each module's `register(server)` adds its tools.

A tool validates its input with PVE's own patterns (the schema the agent sees), builds the
operation's params model and hands it to the FrontendApp; it never talks to PVE itself.
"""
