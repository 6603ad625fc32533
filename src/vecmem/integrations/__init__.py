"""Front ends that plug vecmem into agents: the shared tool actions, Hermes Agent, MCP.

Everything here stays thin over :class:`vecmem.Memory`: argument validation and JSON
shaping only. The governance itself (filters, dedup, review, plans) lives in the engine.
"""
