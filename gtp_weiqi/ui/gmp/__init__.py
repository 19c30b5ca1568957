"""The Go Modem Protocol (GMP): the binary protocol cgoban 1 and GNU Go's `--mode gmp` speak.

`codec` frames the 4-byte packets, `link` keeps their order (sequence bits, OK, resends) and
`session` plays one game through it with the same engine the GTP front end serves."""
