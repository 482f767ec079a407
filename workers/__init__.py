"""Workers: processes that carry out jobs against the PVE API (the only holders of PVE credentials).

Run one with `proxmox-mcp-worker` (or `python -m workers`). arq's own CLI (`arq
workers.WorkerSettings`) is gone: its Worker cannot give the guarantees of ours (claims renewed
by a heartbeat, fencing, following without a job slot).
"""
