//! Opening, reading and moving the data folder's files safely: without following links, without
//! blocking on a FIFO, and never moving one over another.

use std::fs::{self, File, OpenOptions};
use std::path::Path;

pub(super) fn describe_type(meta: &fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let kind = meta.file_type();
    if kind.is_dir() {
        "a folder"
    } else if kind.is_symlink() {
        "a symbolic link"
    } else if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "something else"
    }
}

/// Opens a data file for reading (or a new temporary file for writing) without following a
/// link and without blocking on a FIFO.
pub(super) fn open_data_file(path: &Path, create_new: bool) -> std::io::Result<File> {
    let mut options = OpenOptions::new();
    if create_new {
        options.write(true).create_new(true);
    } else {
        options.read(true);
    }
    no_follow(&mut options);
    options.open(path)
}

pub(super) fn open_lock_file(path: &Path) -> std::io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    no_follow(&mut options);
    let file = options.open(path)?;
    if !file.metadata()?.file_type().is_file() {
        return Err(std::io::Error::other("it is not a regular file"));
    }
    Ok(file)
}

#[cfg(target_os = "linux")]
pub(super) fn no_follow(options: &mut OpenOptions) {
    use std::os::unix::fs::OpenOptionsExt;
    options
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC)
        .mode(0o600);
}

#[cfg(not(target_os = "linux"))]
pub(super) fn no_follow(_options: &mut OpenOptions) {}

/// Renames `from` to `to` unless `to` exists (`AlreadyExists` then), atomically where the
/// filesystem allows it, else by a hard link and removal.
#[allow(
    unsafe_code,
    reason = "renameat2 is a libc call; std cannot rename without clobbering"
)]
pub(super) fn move_no_clobber(from: &Path, to: &Path) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use std::ffi::CString;
        use std::os::unix::ffi::OsStrExt;
        let c = |p: &Path| CString::new(p.as_os_str().as_bytes()).map_err(std::io::Error::other);
        let (a, b) = (c(from)?, c(to)?);
        // SAFETY: both are valid NUL-terminated paths that outlive the call.
        let done = unsafe {
            libc::renameat2(
                libc::AT_FDCWD,
                a.as_ptr(),
                libc::AT_FDCWD,
                b.as_ptr(),
                libc::RENAME_NOREPLACE,
            )
        };
        if done == 0 {
            return Ok(());
        }
        let e = std::io::Error::last_os_error();
        if !matches!(e.raw_os_error(), Some(libc::EINVAL | libc::ENOSYS)) {
            return Err(e);
        }
    }
    fs::hard_link(from, to)?;
    fs::remove_file(from)
}
