"""What the tests, the benchmarks and the pictures in docs/ share, kept out of the installed
package: board diagrams, the counting records drawn as diagrams, random finished positions,
the worked example's pictures, Leela Zero's random network and stand-ins for stages of
the judgement.  The tests import it as `support` (pytest puts tests/ on sys.path); the
benchmarks put tests/ on sys.path themselves."""
