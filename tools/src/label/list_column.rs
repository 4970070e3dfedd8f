//! The chunks of the columns of fixed-size lists of small values (`state`, and with `--moves`
//! `move_distances`), encoded here rather than by the Arrow writer.
//!
//! Every row of a dataset holds such a list: the board's cells (each of the values `0..n` once)
//! or the four distances after the blank's moves (from -1 to a few dozen). The general writer
//! pays for those columns value by value: a repetition and a definition level for each, each
//! value looked up in a hashed dictionary, widened to 32 bits first. On a table that was two
//! thirds of a run's processor time. Here the same pages are written directly, in the form the
//! Arrow writer gives them, so that every Parquet reader reads them as it reads the writer's:
//! - a dictionary page holding the column's values in order (PLAIN int32: `0, 1, ..., n-1` for
//!   the cells, so that a cell is its own index; `-1, 0, ..., max` for the distances);
//! - data pages (format v1) of [`PAGE_ROWS`] rows: the repetition levels (0 where a row begins,
//!   1 within it, a period of the row's length, so a pattern of that many bytes repeated), the
//!   definition levels (1 everywhere: one run), and the values' dictionary indices bit-packed
//!   at the dictionary's index width; levels and indices in the RLE / bit-packing hybrid, the
//!   whole page zstd-compressed;
//! - statistics of the chunk: the least and the greatest value met.

use std::sync::Arc;

use bytes::Bytes;
use parquet::basic::{Compression, Encoding, EncodingMask, PageType, ZstdLevel};
use parquet::column::page::{CompressedPage, Page, PageWriter};
use parquet::column::writer::ColumnCloseResult;
use parquet::errors::ParquetError;
use parquet::file::metadata::{ColumnChunkMetaData, PageEncodingStats};
use parquet::file::statistics::{Statistics, ValueStatistics};
use parquet::file::writer::{SerializedPageWriter, TrackedWrite};
use parquet::schema::types::ColumnDescriptor;

/// Rows in a data page.
pub const PAGE_ROWS: usize = 1 << 16;

/// zstd's level: Parquet's default, as for the other columns.
pub const ZSTD_LEVEL: i32 = 1;

/// One row group's chunk of a column of lists of `n` values each: its bytes and what the row
/// group writer needs to know of them (offsets counted from the chunk's first byte). `indices`
/// holds whole rows, each value as its index in `dictionary` (at most 256 values, in order);
/// `dictionary` holds the values as the column's type, widened to int32.
pub fn chunk(
    indices: &[u8],
    n: usize,
    dictionary: &[i32],
    descr: Arc<ColumnDescriptor>,
) -> Result<(Bytes, ColumnCloseResult), ParquetError> {
    // An index past the dictionary would be read as another value: the indices' least and
    // greatest, a loop the compiler makes wide (tens of millions a batch), checked.
    let least = indices.iter().copied().fold(u8::MAX, u8::min);
    let greatest = indices.iter().copied().fold(0, u8::max);
    if usize::from(greatest) >= dictionary.len() || dictionary.len() > 256 {
        return Err(ParquetError::General(format!(
            "a value's index {greatest} is past the {} values of the dictionary",
            dictionary.len()
        )));
    }
    let cells = indices;
    let rows = cells.len() / n;
    let width = index_width(dictionary.len());
    let mut sink = TrackedWrite::new(Vec::new());
    let mut pages = SerializedPageWriter::new(&mut sink);
    let mut uncompressed = 0u64;
    let mut compressed = 0u64;
    // Writes a page of `len` bytes before compression, counting its sizes; its offset.
    let mut write = |page: Page, len: usize| -> Result<u64, ParquetError> {
        let spec = pages.write_page(CompressedPage::new(page, len))?;
        uncompressed += spec.uncompressed_size as u64;
        compressed += spec.compressed_size as u64;
        Ok(spec.offset)
    };
    let values = dictionary;
    let dictionary: Vec<u8> = values.iter().copied().flat_map(i32::to_le_bytes).collect();
    let dictionary_page = Page::DictionaryPage {
        buf: compress(&dictionary)?,
        num_values: values.len() as u32,
        encoding: Encoding::PLAIN,
        is_sorted: true,
    };
    let dictionary_offset = write(dictionary_page, dictionary.len())?;
    let mut data_offset = None;
    let pattern = row_starts(n);
    let mut data_pages = 0;
    let mut page = Vec::new();
    for part in cells.chunks(PAGE_ROWS * n) {
        page.clear();
        let values = part.len();
        // Repetition levels: a row starts every n values.
        let bytes = values.div_ceil(8);
        let mut levels: Vec<u8> = pattern.iter().copied().cycle().take(bytes).collect();
        if values % 8 != 0 {
            // The bits past the last value are 0, as a writer leaves them.
            levels[bytes - 1] &= (1u8 << (values % 8)) - 1;
        }
        let run = bit_packed_header(values);
        page.extend_from_slice(&((run.len() + levels.len()) as u32).to_le_bytes());
        page.extend_from_slice(&run);
        page.extend_from_slice(&levels);
        // Definition levels: every value present, one run of 1s.
        let mut run = varint((values as u64) << 1);
        run.push(1);
        page.extend_from_slice(&(run.len() as u32).to_le_bytes());
        page.extend_from_slice(&run);
        // The values, as dictionary indices: the index width, then one bit-packed run.
        page.push(width as u8);
        page.extend_from_slice(&bit_packed_header(values));
        pack(part, width, &mut page);
        let data_page = Page::DataPage {
            buf: compress(&page)?,
            num_values: values as u32,
            encoding: Encoding::RLE_DICTIONARY,
            def_level_encoding: Encoding::RLE,
            rep_level_encoding: Encoding::RLE,
            statistics: None,
        };
        let offset = write(data_page, page.len())?;
        data_offset.get_or_insert(offset);
        data_pages += 1;
    }
    pages.close()?;
    // No value at all: no bounds.
    let (min, max) = if cells.is_empty() {
        (None, None)
    } else {
        (
            Some(values[usize::from(least)]),
            Some(values[usize::from(greatest)]),
        )
    };
    let statistics: Statistics = ValueStatistics::<i32>::new(min, max, None, Some(0), false).into();
    let encodings = [Encoding::PLAIN, Encoding::RLE, Encoding::RLE_DICTIONARY];
    let metadata = ColumnChunkMetaData::builder(descr)
        .set_compression(Compression::ZSTD(
            ZstdLevel::try_new(ZSTD_LEVEL).map_err(|e| ParquetError::General(e.to_string()))?,
        ))
        .set_encodings_mask(EncodingMask::new_from_encodings(encodings.iter()))
        .set_page_encoding_stats(vec![
            PageEncodingStats {
                page_type: PageType::DICTIONARY_PAGE,
                encoding: Encoding::PLAIN,
                count: 1,
            },
            PageEncodingStats {
                page_type: PageType::DATA_PAGE,
                encoding: Encoding::RLE_DICTIONARY,
                count: data_pages,
            },
        ])
        .set_total_compressed_size(compressed as i64)
        .set_total_uncompressed_size(uncompressed as i64)
        .set_num_values(cells.len() as i64)
        .set_dictionary_page_offset(Some(dictionary_offset as i64))
        .set_data_page_offset(data_offset.unwrap_or(dictionary_offset) as i64)
        .set_statistics(statistics)
        .build()?;
    let bytes_written = sink.bytes_written() as u64;
    let bytes = Bytes::from(sink.into_inner()?);
    Ok((
        bytes,
        ColumnCloseResult {
            bytes_written,
            rows_written: rows as u64,
            metadata,
            bloom_filter: None,
            column_index: None,
            offset_index: None,
        },
    ))
}

/// `plain` zstd-compressed.
fn compress(plain: &[u8]) -> Result<Bytes, ParquetError> {
    zstd::bulk::compress(plain, ZSTD_LEVEL)
        .map(Bytes::from)
        .map_err(|e| ParquetError::External(e.into()))
}

/// Bits a dictionary index of `n` entries takes: enough for `n - 1`.
fn index_width(n: usize) -> usize {
    (usize::BITS - (n.max(2) - 1).leading_zeros()) as usize
}

/// The header of a bit-packed run of `values` values (in groups of eight).
fn bit_packed_header(values: usize) -> Vec<u8> {
    varint(((values.div_ceil(8) as u64) << 1) | 1)
}

/// ULEB128.
fn varint(mut value: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(10);
    loop {
        let byte = (value & 0x7F) as u8;
        value >>= 7;
        if value == 0 {
            out.push(byte);
            return out;
        }
        out.push(byte | 0x80);
    }
}

/// One period of the repetition levels of rows of `n` values, bit-packed: `n` bytes (8n bits,
/// a whole number of rows), bit `i` set unless value `i` starts a row.
fn row_starts(n: usize) -> Vec<u8> {
    let mut bytes = vec![0u8; n];
    for i in 0..8 * n {
        if i % n != 0 {
            bytes[i / 8] |= 1 << (i % 8);
        }
    }
    bytes
}

/// Appends `values` bit-packed at `width` bits each (at most 8), eight to a group of `width`
/// bytes, the first value in the lowest bits; a last group short of eight is padded with 0s.
fn pack(values: &[u8], width: usize, out: &mut Vec<u8>) {
    // One copy per width, so that each group's bytes are appended by a copy of a constant
    // size: a call to copy `width` bytes a group was a tenth of a Parquet file's encoding.
    match width {
        1 => pack_as::<1>(values, out),
        2 => pack_as::<2>(values, out),
        3 => pack_as::<3>(values, out),
        4 => pack_as::<4>(values, out),
        5 => pack_as::<5>(values, out),
        6 => pack_as::<6>(values, out),
        7 => pack_as::<7>(values, out),
        _ => pack_as::<8>(values, out),
    }
}

/// [`pack`] at `W` bits a value.
fn pack_as<const W: usize>(values: &[u8], out: &mut Vec<u8>) {
    out.reserve(values.len().div_ceil(8) * W);
    let group_bits = |group: &[u8]| {
        let mut bits = 0u64;
        for (i, &v) in group.iter().enumerate() {
            bits |= u64::from(v) << (i * W);
        }
        bits
    };
    let mut groups = values.chunks_exact(8);
    for group in &mut groups {
        out.extend_from_slice(&group_bits(group).to_le_bytes()[..W]);
    }
    let rest = groups.remainder();
    if !rest.is_empty() {
        out.extend_from_slice(&group_bits(rest).to_le_bytes()[..W]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_headers_and_packing_follow_the_format() {
        assert_eq!(
            [4, 5, 8, 9, 12, 16, 17, 25].map(index_width),
            [2, 3, 3, 4, 4, 4, 5, 5]
        );
        assert_eq!(varint(1), [1]);
        assert_eq!(varint(300), [0xAC, 0x02]);
        // 9 values: two groups.
        assert_eq!(bit_packed_header(9), [(2 << 1) | 1]);
        // Rows of 3: levels 0,1,1,0,1,1,0,1 | 1,0,1,1,...
        assert_eq!(row_starts(3)[0], 0b1011_0110);
        let mut out = Vec::new();
        pack(&[1, 2, 3, 4, 5, 6, 7, 0, 3], 3, &mut out);
        // 1 | 2<<3 | 3<<6 | 4<<9 | 5<<12 | 6<<15 | 7<<18 | 0<<21, then 3 alone.
        let first = 1u32 | 2 << 3 | 3 << 6 | 4 << 9 | 5 << 12 | 6 << 15 | 7 << 18;
        assert_eq!(out, [&first.to_le_bytes()[..3], &[3, 0, 0]].concat());
    }

    /// Chunks written here, in row groups of `group` rows, read back by Parquet's own reader:
    /// `rows` rows of `n` cells (each row a rotation of `0..n`, so every value is met).
    fn round_trip(n: usize, rows: usize, group: usize) {
        use arrow_array::cast::AsArray;
        use arrow_array::types::UInt8Type;
        use arrow_schema::{DataType, Field, Schema};
        use parquet::arrow::ArrowWriter;
        use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

        let cells: Vec<u8> = (0..rows)
            .flat_map(|r| (0..n).map(move |c| ((r + c) % n) as u8))
            .collect();
        let item = Arc::new(Field::new("item", DataType::UInt8, false));
        let field = Field::new("state", DataType::FixedSizeList(item, n as i32), false);
        let mut out = Vec::new();
        let writer = ArrowWriter::try_new(&mut out, Arc::new(Schema::new(vec![field])), None)
            .expect("a writer");
        let (mut file, _) = writer.into_serialized_writer().expect("a file writer");
        let descr = file.schema_descr().column(0);
        for part in cells.chunks(group * n) {
            let dictionary: Vec<i32> = (0..n as i32).collect();
            let (bytes, close) = chunk(part, n, &dictionary, descr.clone()).expect("a chunk");
            let mut row_group = file.next_row_group().expect("a row group");
            row_group.append_column(&bytes, close).expect("appended");
            row_group.close().expect("closed");
        }
        file.close().expect("closed");
        let reader = ParquetRecordBatchReaderBuilder::try_new(Bytes::from(out))
            .expect("a reader")
            .build()
            .expect("a reader");
        let mut read = Vec::new();
        for batch in reader {
            let batch = batch.expect("a batch");
            let state = batch.column(0).as_fixed_size_list();
            assert_eq!(state.value_length(), n as i32);
            read.extend_from_slice(state.values().as_primitive::<UInt8Type>().values());
        }
        assert_eq!(read.len(), cells.len(), "n {n}, {rows} rows");
        assert!(read == cells, "n {n}, {rows} rows: other cells read back");
    }

    /// A column of lists of four int16 from -1 (the move distances): each value its index in
    /// a dictionary from -1, read back as written, with the least and greatest in the chunk's
    /// statistics.
    #[test]
    fn signed_values_read_back_as_written() {
        use arrow_array::cast::AsArray;
        use arrow_array::types::Int16Type;
        use arrow_schema::{DataType, Field, Schema};
        use parquet::arrow::ArrowWriter;
        use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

        for (rows, greatest) in [(1, 0), (5, 3), (PAGE_ROWS + 9, 57)] {
            let values: Vec<i16> = (0..4 * rows)
                .map(|i| (i * 7 % (greatest + 2)) as i16 - 1)
                .collect();
            let indices: Vec<u8> = values.iter().map(|&v| (v + 1) as u8).collect();
            let dictionary: Vec<i32> = (-1..=greatest as i32).collect();
            let item = Arc::new(Field::new("item", DataType::Int16, false));
            let field = Field::new("moves", DataType::FixedSizeList(item, 4), false);
            let mut out = Vec::new();
            let writer =
                ArrowWriter::try_new(&mut out, Arc::new(Schema::new(vec![field])), None).unwrap();
            let (mut file, _) = writer.into_serialized_writer().unwrap();
            let descr = file.schema_descr().column(0);
            let (bytes, close) = chunk(&indices, 4, &dictionary, descr).unwrap();
            let mut row_group = file.next_row_group().unwrap();
            row_group.append_column(&bytes, close).unwrap();
            row_group.close().unwrap();
            file.close().unwrap();
            let builder = ParquetRecordBatchReaderBuilder::try_new(Bytes::from(out)).unwrap();
            let stats = builder
                .metadata()
                .row_group(0)
                .column(0)
                .statistics()
                .cloned();
            let Some(Statistics::Int32(stats)) = stats else {
                panic!("{stats:?}")
            };
            let least = i32::from(*values.iter().min().unwrap());
            let most = i32::from(*values.iter().max().unwrap());
            assert_eq!(
                (stats.min_opt(), stats.max_opt()),
                (Some(&least), Some(&most))
            );
            let mut read = Vec::new();
            for batch in builder.build().unwrap() {
                let batch = batch.unwrap();
                let moves = batch.column(0).as_fixed_size_list();
                read.extend_from_slice(moves.values().as_primitive::<Int16Type>().values());
            }
            assert!(read == values, "{rows} rows: other values read back");
        }
        // An index past the dictionary is refused.
        let descr = {
            let item = Arc::new(arrow_schema::Field::new(
                "item",
                arrow_schema::DataType::Int16,
                false,
            ));
            let field = arrow_schema::Field::new(
                "moves",
                arrow_schema::DataType::FixedSizeList(item, 4),
                false,
            );
            let schema = Arc::new(arrow_schema::Schema::new(vec![field]));
            let writer = parquet::arrow::ArrowWriter::try_new(Vec::new(), schema, None).unwrap();
            let (file, _) = writer.into_serialized_writer().unwrap();
            file.schema_descr().column(0)
        };
        let error = chunk(&[0, 1, 2, 3], 4, &[-1, 0], descr).unwrap_err();
        assert!(
            error.to_string().contains("index 3 is past the 2 values"),
            "{error}"
        );
    }

    /// Every index width (2 to 5 bits), rows that fill no whole group of eight values, pages
    /// that end within a row group, and several row groups.
    #[test]
    fn chunks_read_back_as_written() {
        for n in [4, 6, 8, 9, 12, 16, 25] {
            for rows in [1, 3, 100] {
                round_trip(n, rows, 64);
            }
        }
        round_trip(9, PAGE_ROWS + 5, PAGE_ROWS + 3);
        round_trip(25, 2 * PAGE_ROWS + 1, 3 * PAGE_ROWS);
    }
}
