//go:build !unix

package main

// privateFiles does nothing where there is no umask: the docs say how to
// protect the data directory there (docs/deploy.md).
func privateFiles() int { return 0 }

func restoreUmask(int) {}
