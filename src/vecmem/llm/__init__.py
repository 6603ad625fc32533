"""The LLM layer: an OpenAI-compatible chat client, structured extraction and the judge.

Optional: with no ``llm_base_url`` configured vecmem never imports an HTTP client for
chat and the rules decide alone.
"""
