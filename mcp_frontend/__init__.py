"""mcp_frontend"""
