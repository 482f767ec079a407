"""The whole PVE API, from its official schema: find an endpoint, describe it, tier it, check a call to it.

- shared.api.search: ranked endpoints for a few words (find_pve_api)
- shared.api.describe: an endpoint's parameters, answer and privileges, compact (describe_pve_api)
- shared.api.tiers: the tier of a method on a path (a GET is Safe; the Critical list), allow/deny patterns
- shared.api.secrets: which parameters and answer fields hold secrets (masked everywhere)
"""
