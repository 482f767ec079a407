"""workers/operations"""
