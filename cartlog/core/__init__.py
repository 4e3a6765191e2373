"""Game-independent building blocks: findings, codes, source locations, input errors."""
