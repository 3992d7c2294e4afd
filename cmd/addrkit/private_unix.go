//go:build unix

package main

import "syscall"

// privateFiles makes the files and directories the process creates from
// now on its user's alone (umask 077: files 0600, directories 0700): the
// uploads, outputs and parts of a file:// bucket hold tenants' addresses,
// and fileblob creates them 0666 and 0777 before the umask. It returns
// the umask before.
func privateFiles() int { return syscall.Umask(0o077) }

func restoreUmask(old int) { syscall.Umask(old) }
