package storage

import (
	"os"
	"syscall"
)

// lockFile takes an advisory lock (flock) on a file, made when missing,
// exclusive and waiting for other holders: the lock of updates by new
// generations. It returns the release.
func lockFile(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_RDONLY|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}

// readersOnly takes a shared lock on a Badger directory, as Badger's
// readers do, refused at once when a writer holds it (exclusively): while
// it is held no writer can start. It returns the release.
func readersOnly(dir string) (func(), error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}
