"""pvesim"""
