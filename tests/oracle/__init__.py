"""Second, independent readings of the rules of cartlog's games, written from the rule texts."""
