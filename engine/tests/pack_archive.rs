//! Export then import gives byte-identical files; hostile archives are refused with a clear
//! message and nothing is written.

#![allow(clippy::unwrap_used)] // Test helpers: a panic with the error is the failure report.

use std::io::Write;
use std::path::{Path, PathBuf};

use sigilforge_engine::archive::{
    ARCHIVE_MANIFEST, ArchiveError, export_pack, import_pack, sha256_hex,
};

fn starter() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pack")
}

fn all_files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push((
                    path.strip_prefix(dir).unwrap().to_owned(),
                    std::fs::read(&path).unwrap(),
                ));
            }
        }
    }
    out.sort();
    out
}

fn options() -> zip::write::SimpleFileOptions {
    zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated)
}

/// Writes an archive with the given entries and a manifest listing them all (so only the
/// hostile property itself can be what gets it refused).
fn hostile_zip(path: &Path, entries: &[(&str, &[u8])]) {
    let mut zip = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    let listed: Vec<String> = entries
        .iter()
        .map(|(n, b)| {
            format!(
                "(path: {n:?}, size: {}, sha256: {:?})",
                b.len(),
                sha256_hex(b)
            )
        })
        .collect();
    let manifest = format!(
        "ArchiveManifest(format: 1, pack_id: \"x\", version: \"1\", schema_version: 1, files: [{}])",
        listed.join(", ")
    );
    zip.start_file(ARCHIVE_MANIFEST, options()).unwrap();
    zip.write_all(manifest.as_bytes()).unwrap();
    for (name, bytes) in entries {
        zip.start_file(*name, options()).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap();
}

fn assert_nothing_written(parent: &Path, dest: &Path) {
    assert!(!dest.exists(), "{} was created", dest.display());
    let leftovers: Vec<_> = std::fs::read_dir(parent)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| Path::new(n).extension().is_none_or(|e| e != "zip"))
        .collect();
    assert!(leftovers.is_empty(), "left behind: {leftovers:?}");
}

#[test]
fn export_then_import_gives_byte_identical_files() {
    let tmp = tempfile::tempdir().unwrap();
    let zip_path = tmp.path().join("starter.zip");
    let report = export_pack(&starter(), &zip_path).unwrap();
    assert_eq!(report.pack_id, "starter");
    let dest = tmp.path().join("imported");
    let imported = import_pack(&zip_path, &dest, false).unwrap();
    assert_eq!(imported.files, report.files);
    assert_eq!(all_files(&dest), all_files(&starter()));
    // Exporting twice gives the same archive bytes.
    let again = tmp.path().join("again.zip");
    export_pack(&starter(), &again).unwrap();
    assert_eq!(
        std::fs::read(&zip_path).unwrap(),
        std::fs::read(&again).unwrap()
    );
}

#[cfg(unix)]
#[test]
fn an_exported_archive_gets_the_mode_a_new_file_gets() {
    use std::os::unix::fs::PermissionsExt as _;
    let tmp = tempfile::tempdir().unwrap();
    let zip_path = tmp.path().join("starter.zip");
    export_pack(&starter(), &zip_path).unwrap();
    let plain = tmp.path().join("plain");
    std::fs::File::create(&plain).unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&zip_path), mode(&plain), "umask respected, not 0600");
}

#[cfg(unix)]
#[test]
fn an_imported_pack_gets_the_mode_a_new_folder_gets_and_a_replaced_one_keeps_its_own() {
    use std::os::unix::fs::PermissionsExt as _;
    let tmp = tempfile::tempdir().unwrap();
    let zip_path = tmp.path().join("starter.zip");
    export_pack(&starter(), &zip_path).unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let plain = tmp.path().join("plain");
    std::fs::create_dir(&plain).unwrap();
    let dest = tmp.path().join("imported");
    import_pack(&zip_path, &dest, false).unwrap();
    assert_eq!(mode(&dest), mode(&plain), "umask respected, not 0700");
    std::fs::set_permissions(&dest, std::fs::Permissions::from_mode(0o750)).unwrap();
    import_pack(&zip_path, &dest, true).unwrap();
    assert_eq!(mode(&dest), 0o750);
}

#[test]
fn an_existing_pack_is_not_overwritten_without_force() {
    let tmp = tempfile::tempdir().unwrap();
    let zip_path = tmp.path().join("starter.zip");
    export_pack(&starter(), &zip_path).unwrap();
    let dest = tmp.path().join("mine");
    std::fs::create_dir_all(&dest).unwrap();
    std::fs::write(dest.join("notes.txt"), "keep me").unwrap();
    let err = import_pack(&zip_path, &dest, false).unwrap_err();
    assert!(matches!(err, ArchiveError::Exists(_)), "{err}");
    assert!(
        err.to_string().contains("already exists and is not empty"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(dest.join("notes.txt")).unwrap(),
        "keep me"
    );
    import_pack(&zip_path, &dest, true).unwrap();
    assert!(!dest.join("notes.txt").exists());
    assert_eq!(all_files(&dest), all_files(&starter()));
}

#[test]
fn export_refuses_a_pack_with_problems() {
    let tmp = tempfile::tempdir().unwrap();
    let pack = tmp.path().join("p");
    std::fs::create_dir_all(&pack).unwrap();
    std::fs::write(
        pack.join("pack.ron"),
        "Pack(id: \"p\", name: \"P\", version: \"1\")",
    )
    .unwrap();
    std::fs::write(
        pack.join("cards.ron"),
        "CardSet(cards: [(id: \"a\", nmae: \"A\")])",
    )
    .unwrap();
    let err = export_pack(&pack, &tmp.path().join("p.zip")).unwrap_err();
    assert!(err.to_string().contains("unknown field `nmae`"), "{err}");
    assert!(!tmp.path().join("p.zip").exists());
}

#[test]
fn path_traversal_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let zip_path = tmp.path().join("evil.zip");
    hostile_zip(
        &zip_path,
        &[
            ("pack.ron", b"Pack(id: \"x\", name: \"x\", version: \"1\")"),
            ("../evil.ron", b"boom"),
        ],
    );
    let dest = tmp.path().join("out");
    let err = import_pack(&zip_path, &dest, false).unwrap_err();
    assert!(err.to_string().contains("unsafe path"), "{err}");
    assert!(err.to_string().contains("../evil.ron"), "{err}");
    assert_nothing_written(tmp.path(), &dest);
    assert!(!tmp.path().join("evil.ron").exists());
}

#[test]
fn absolute_paths_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let zip_path = tmp.path().join("abs.zip");
    hostile_zip(&zip_path, &[("/tmp/sigilforge-absolute-evil.ron", b"boom")]);
    let dest = tmp.path().join("out");
    let err = import_pack(&zip_path, &dest, false).unwrap_err();
    assert!(matches!(err, ArchiveError::UnsafePath(_)), "{err}");
    assert_nothing_written(tmp.path(), &dest);
    assert!(!Path::new("/tmp/sigilforge-absolute-evil.ron").exists());
}

#[test]
fn symlinks_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let zip_path = tmp.path().join("link.zip");
    {
        let mut zip = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
        zip.start_file(ARCHIVE_MANIFEST, options()).unwrap();
        zip.write_all(b"ArchiveManifest(format: 1, pack_id: \"x\", version: \"1\", schema_version: 1, files: [])").unwrap();
        zip.add_symlink("passwd.ron", "/etc/passwd", options())
            .unwrap();
        zip.finish().unwrap();
    }
    let dest = tmp.path().join("out");
    let err = import_pack(&zip_path, &dest, false).unwrap_err();
    assert!(matches!(err, ArchiveError::Link(_)), "{err}");
    assert!(err.to_string().contains("symbolic link"));
    assert_nothing_written(tmp.path(), &dest);
}

#[test]
fn a_gigabyte_of_compressed_zeros_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let zip_path = tmp.path().join("bomb.zip");
    {
        let mut zip = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
        zip.start_file(ARCHIVE_MANIFEST, options()).unwrap();
        zip.write_all(b"ArchiveManifest(format: 1, pack_id: \"x\", version: \"1\", schema_version: 1, files: [])").unwrap();
        zip.start_file("zeros.ron", options().large_file(true))
            .unwrap();
        let chunk = vec![0u8; 1 << 20];
        for _ in 0..1024 {
            zip.write_all(&chunk).unwrap();
        }
        zip.finish().unwrap();
    }
    assert!(
        std::fs::metadata(&zip_path).unwrap().len() < 8 << 20,
        "the bomb should be small on disk"
    );
    let dest = tmp.path().join("out");
    let err = import_pack(&zip_path, &dest, false).unwrap_err();
    assert!(matches!(err, ArchiveError::TooLarge { .. }), "{err}");
    assert!(err.to_string().contains("zip bomb"), "{err}");
    assert_nothing_written(tmp.path(), &dest);
}

#[test]
fn a_tampered_file_fails_its_checksum() {
    let tmp = tempfile::tempdir().unwrap();
    let zip_path = tmp.path().join("tampered.zip");
    {
        let mut zip = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
        let listed = format!(
            "(path: \"a.ron\", size: 3, sha256: {:?})",
            sha256_hex(b"abc")
        );
        zip.start_file(ARCHIVE_MANIFEST, options()).unwrap();
        write!(zip, "ArchiveManifest(format: 1, pack_id: \"x\", version: \"1\", schema_version: 1, files: [{listed}])").unwrap();
        zip.start_file("a.ron", options()).unwrap();
        zip.write_all(b"abd").unwrap();
        zip.finish().unwrap();
    }
    let dest = tmp.path().join("out");
    let err = import_pack(&zip_path, &dest, false).unwrap_err();
    assert!(matches!(err, ArchiveError::Checksum(_)), "{err}");
    assert_nothing_written(tmp.path(), &dest);
}

/// Issue #31: the editor's scratch folder (the try-out) is left out of an export, and out of
/// `sigilforge test`, while a folder merely named like it deeper down ships.
#[test]
fn the_scratch_folder_is_not_exported_or_tested() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::write(
        root.join("pack.ron"),
        "Pack(id: \"p\", name: \"P\", version: \"1.0.0\", schema_version: 1)\n",
    )
    .unwrap();
    std::fs::create_dir_all(root.join("scratch")).unwrap();
    std::fs::create_dir_all(root.join("rules/scratch")).unwrap();
    // A try-out with no expectations would fail as a test.
    let try_out = "RulesScenario(name: \"Try-out\", cards: {\"w\": (name: \"W\", kind: Beast)}, a: (city: [\"w\"]))\n";
    std::fs::write(root.join("scratch/try-out.ron"), try_out).unwrap();
    std::fs::write(root.join("rules/scratch/kept.ron"), try_out).unwrap();
    let out = tempfile::tempdir().unwrap();
    let zip_path = out.path().join("p.zip");
    export_pack(root, &zip_path).unwrap();
    let dest = out.path().join("imported");
    import_pack(&zip_path, &dest, false).unwrap();
    let names: Vec<String> = all_files(&dest)
        .into_iter()
        .map(|(p, _)| p.to_string_lossy().replace('\\', "/"))
        .collect();
    assert!(!names.iter().any(|n| n.contains("try-out")), "{names:?}");
    assert!(
        names.iter().any(|n| n.ends_with("rules/scratch/kept.ron")),
        "{names:?}"
    );
    let mut diags = sigilforge_engine::diag::Diagnostics::new();
    let tested = sigilforge_engine::pack::scenario_tests::test_pack(root, &mut diags);
    let files: Vec<&str> = tested.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(files, ["rules/scratch/kept.ron"]);
}
