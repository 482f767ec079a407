"""shared/pve"""
