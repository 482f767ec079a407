"""Parameter and result models of every operation, by domain.

The frontend publishes them as MCP tool schemas; the worker validates every payload
against the same models again and returns the result model the tool hands back.
"""
