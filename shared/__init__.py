"""The contract the MCP frontend and the workers share: settings, errors, the operation
catalogue, the job store, the PVE client and its response models, sanitization, safety
policy and logging."""
