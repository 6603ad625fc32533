"""The engine: write pipeline, status operations, search, plans and maintenance.

Depends on ``rules``, ``text``, ``store``, ``embed`` and ``llm``; front ends never import
it directly but go through :class:`vecmem.Memory`.
"""
