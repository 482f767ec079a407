"""mcp_frontend/tools"""
