"""The battle board: declaring, rolling, forming skirmishes, counters and cards, resolving, and the
winner's redistribution; each step a decision of one seat kept in the state (``flow.waiting``)."""
