package storage

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive advisory lock (flock) on a file, made when
// missing, waiting for other holders: the lock of updates by new
// generations. It returns the release.
func lockFile(path string) (func(), error) {
	return flock(path, os.O_RDONLY|os.O_CREATE, syscall.LOCK_EX)
}

// readersOnly takes a shared lock on a Badger directory, as Badger's
// readers do, refused at once when a writer holds it (exclusively): while
// it is held no writer can start. It returns the release.
func readersOnly(dir string) (func(), error) {
	return flock(dir, os.O_RDONLY, syscall.LOCK_SH|syscall.LOCK_NB)
}

// flock opens path with flag and locks it as how says; the release closes
// it.
func flock(path string, flag, how int) (func(), error) {
	f, err := os.OpenFile(path, flag, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), how); err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}
