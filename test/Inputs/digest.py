"""The order-free digest the random-program tests compare (SNet/Inputs/
random_nets.py, Dist/Inputs/random_flows.py): a sum of splitmix64 hashes,
here and, as SINK_MIX, in the C++ of the sinks they generate."""

MASK = (1 << 64) - 1

# A sink module's member: the same function in C++.
SINK_MIX = r"""  static uint64_t mix(uint64_t z) {
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
"""


def mix(z):
    z = (z + 0x9e3779b97f4a7c15) & MASK
    z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & MASK
    z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & MASK
    return z ^ (z >> 31)
