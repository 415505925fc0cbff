// User reduce operation for Graph/reduce-user-op-header.asp.
#pragma once
namespace ops {
inline QueueElement payload_gcd(const QueueElement &a, const QueueElement &b);
} // namespace ops
