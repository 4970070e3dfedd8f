//! A checkpoint's bytes: a zstd frame (its checksum guards every byte read back) holding the
//! magic, the version, the build's key and the search's parts, words little-endian.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};

use super::{BLOCK, Parts, blocks};

/// The first bytes of a checkpoint.
const MAGIC: &[u8; 20] = b"tilebase-checkpoint\0";

/// The version of the layout after the magic.
const VERSION: u32 = 1;

/// Writes `parts` of the build named `key` as a checkpoint into `file`.
pub(super) fn write(file: &mut File, key: &str, parts: &Parts<'_>) -> io::Result<()> {
    let mut out = zstd::Encoder::new(BufWriter::with_capacity(BLOCK, file), 1)?;
    out.include_checksum(true)?;
    // Every core compresses: the search stands still while a checkpoint is written.
    out.multithread(rayon::current_num_threads() as u32)?;
    out.write_all(MAGIC)?;
    out.write_all(&VERSION.to_le_bytes())?;
    out.write_all(&(key.len() as u64).to_le_bytes())?;
    out.write_all(key.as_bytes())?;
    out.write_all(&parts.depth.to_le_bytes())?;
    out.write_all(&parts.reached.to_le_bytes())?;
    out.write_all(&(parts.counts.len() as u64).to_le_bytes())?;
    write_words(&mut out, parts.counts)?;
    for bits in [&*parts.layer, &*parts.visited] {
        out.write_all(&(bits.words() as u64).to_le_bytes())?;
        let mut written = Ok(());
        blocks(bits, |_, words| {
            if written.is_ok() {
                written = write_words(&mut out, words);
            }
        });
        written?;
    }
    let bytes: usize = parts.records.iter().map(|r| r.len()).sum();
    out.write_all(&(bytes as u64).to_le_bytes())?;
    for record in &parts.records {
        out.write_all(record)?;
    }
    out.finish()?.flush()
}

/// Writes `words` little-endian, a block at a time.
fn write_words(out: &mut impl Write, words: &[u64]) -> io::Result<()> {
    let mut block = vec![0u8; BLOCK];
    for part in words.chunks(BLOCK / 8) {
        let bytes = &mut block[..part.len() * 8];
        for (b, w) in bytes.chunks_exact_mut(8).zip(part) {
            b.copy_from_slice(&w.to_le_bytes());
        }
        out.write_all(bytes)?;
    }
    Ok(())
}

/// Reads a checkpoint of the build named `key` into `parts`, checking every size against the
/// search's own and the frame's checksum: the depth of its last layer, or why it cannot be used.
pub(super) fn read(file: File, key: &str, parts: &mut Parts<'_>) -> Result<u32, String> {
    let mut input = zstd::Decoder::with_buffer(BufReader::with_capacity(BLOCK, file))
        .map_err(|e| e.to_string())?;
    let cut = |e: io::Error| format!("cut short or damaged ({e})");
    let mut magic = [0; MAGIC.len()];
    input.read_exact(&mut magic).map_err(cut)?;
    if &magic != MAGIC || u32_from(&mut input).map_err(cut)? != VERSION {
        return Err("not a checkpoint of this version of tilebase".into());
    }
    let key_len = u64_from(&mut input).map_err(cut)?;
    if key_len != key.len() as u64 {
        return Err("the checkpoint of another build".into());
    }
    let mut its = vec![0; key.len()];
    input.read_exact(&mut its).map_err(cut)?;
    if its != key.as_bytes() {
        return Err("the checkpoint of another build".into());
    }
    let depth = u32_from(&mut input).map_err(cut)?;
    *parts.reached = u64_from(&mut input).map_err(cut)?;
    let counts = u64_from(&mut input).map_err(cut)?;
    if counts != u64::from(depth) + 1 {
        return Err("its layers do not add up".into());
    }
    parts.counts.clear();
    read_words(&mut input, counts as usize, &mut |_, w| {
        parts.counts.extend(w)
    })
    .map_err(cut)?;
    let sized = |input: &mut dyn Read, expected: usize| match u64_from(input) {
        Ok(n) if n == expected as u64 => Ok(()),
        Ok(_) => Err("the checkpoint of a search of another size".to_string()),
        Err(e) => Err(cut(e)),
    };
    // The layer first, then the visited bits, as `Parts` says.
    for bits in [&mut *parts.layer, &mut *parts.visited] {
        let words = bits.words();
        sized(&mut input, words)?;
        read_words(&mut input, words, &mut |i, w| bits.set(i, w)).map_err(cut)?;
    }
    sized(&mut input, parts.records.iter().map(|r| r.len()).sum())?;
    for record in &mut parts.records {
        input.read_exact(record).map_err(cut)?;
    }
    // The end of the frame, where its checksum is checked.
    match input.read(&mut [0]) {
        Ok(0) => Ok(depth),
        Ok(_) => Err("longer than a checkpoint of this build".into()),
        Err(e) => Err(cut(e)),
    }
}

/// Reads `n` words written by [`write_words`], handing them to `set` a block at a time with
/// the index of the first.
fn read_words(
    input: &mut impl Read,
    n: usize,
    set: &mut dyn FnMut(usize, &[u64]),
) -> io::Result<()> {
    let mut bytes = vec![0u8; BLOCK];
    let mut words = vec![0u64; BLOCK / 8];
    for from in (0..n).step_by(BLOCK / 8) {
        let count = (n - from).min(BLOCK / 8);
        let bytes = &mut bytes[..count * 8];
        input.read_exact(bytes)?;
        for (w, b) in words.iter_mut().zip(bytes.chunks_exact(8)) {
            *w = u64::from_le_bytes(b.try_into().unwrap_or_default());
        }
        set(from, &words[..count]);
    }
    Ok(())
}

fn u32_from(input: &mut dyn Read) -> io::Result<u32> {
    let mut bytes = [0; 4];
    input.read_exact(&mut bytes)?;
    Ok(u32::from_le_bytes(bytes))
}

fn u64_from(input: &mut dyn Read) -> io::Result<u64> {
    let mut bytes = [0; 8];
    input.read_exact(&mut bytes)?;
    Ok(u64::from_le_bytes(bytes))
}
