"""The side-by-side benchmark of tools/bench-peers (Python 3 standard library; the peer engines
live in the virtual environment it makes)."""
