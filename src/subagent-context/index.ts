// The subagent-context part's public surface: what other parts and the hosts may use.
