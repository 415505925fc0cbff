// User reduce operation for Graph/reduce-user-op-header.asp, found through
// the -I search path.
#pragma once
inline QueueElement payload_lcm(const QueueElement &a, const QueueElement &b);
