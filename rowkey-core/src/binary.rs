use core::fmt;

use crate::layout::{FieldLayout, Layout};
use crate::{Error, ErrorKind};

/// Bytes printed as HBase's `Bytes.toStringBinary` prints them: printable
/// ASCII as itself, every other byte (and the backslash) as `\xNN` in upper
/// case hex. What the HBase shell shows for a row, so keys can be compared by
/// eye with `scan` output.
///
/// ```
/// use rowkey::Binary;
/// assert_eq!(Binary(b"web01\x00\xff").to_string(), "web01\\x00\\xFF");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binary<'a>(pub &'a [u8]);

impl fmt::Display for Binary<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
        for &b in self.0 {
            if (b' '..=b'~').contains(&b) && b != b'\\' {
                fmt::Write::write_char(f, char::from(b))?;
            } else {
                let hi = char::from(HEX[usize::from(b >> 4)]);
                let lo = char::from(HEX[usize::from(b & 0x0f)]);
                write!(f, "\\x{hi}{lo}")?;
            }
        }
        Ok(())
    }
}

/// What a segment of a key holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SegmentKind {
    /// An MD5 hex salt.
    Salt,
    /// A `#[bucket(N)]` prefix.
    Bucket,
    /// A field's bytes, with its padding or delimiter.
    Field,
}

/// One segment of a key: which field wrote which bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    /// The field's name (a salt or bucket is named after its field).
    pub name: &'static str,
    /// Salt, bucket or field bytes.
    pub kind: SegmentKind,
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Segment {
    /// A placeholder for arrays filled in by a decode walk.
    pub const EMPTY: Segment = Segment {
        name: "",
        kind: SegmentKind::Field,
        start: 0,
        end: 0,
    };
}

/// A key split into its segments, printed one per line as
/// `name  [start..end)  bytes`. Made by the derived `explain`, or checked by
/// [`Explain::new`]: every segment lies within the key, so printing never
/// fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explain<'a, const N: usize> {
    key: &'a [u8],
    segments: [Segment; N],
    /// The key type's layout, for a derived `explain`.
    layout: Option<&'static Layout>,
}

impl<'a, const N: usize> Explain<'a, N> {
    /// Pairs a key with its segments, for printing a key split some other
    /// way than a derived `explain` splits it.
    ///
    /// ```
    /// use rowkey::{Explain, Segment, SegmentKind};
    ///
    /// let key = b"web01\x00\x00\x00cpu";
    /// let seg = |name, start, end| Segment { name, kind: SegmentKind::Field, start, end };
    /// let explain = Explain::new(key, [seg("host", 0, 8), seg("metric", 8, 11)])?;
    /// assert_eq!(explain.bytes(&explain.segments()[1]), Some(&b"cpu"[..]));
    ///
    /// // A segment that runs past the key is refused here, not when printed.
    /// assert!(Explain::new(key, [seg("host", 0, 12)]).is_err());
    /// # Ok::<(), rowkey::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::Invalid`](crate::ErrorKind::Invalid) naming the segment
    /// when one ends before it starts or past the end of the key.
    pub fn new(key: &'a [u8], segments: [Segment; N]) -> Result<Self, Error> {
        for s in &segments {
            if s.start > s.end || s.end > key.len() {
                return Err(Error::field(
                    "Explain",
                    s.name,
                    ErrorKind::Invalid {
                        reason: "segment lies outside the key: start must be at most end, and \
                                 end at most the key's length",
                    },
                ));
            }
        }
        Ok(Explain {
            key,
            segments,
            layout: None,
        })
    }

    /// A derived `explain`'s segments, which its decode walk laid out inside
    /// the key.
    pub(crate) fn from_walk(key: &'a [u8], segments: [Segment; N]) -> Self {
        Explain {
            key,
            segments,
            layout: None,
        }
    }

    /// The same segments, labelled from the key type's layout.
    #[must_use]
    pub(crate) fn with_layout(mut self, layout: &'static Layout) -> Self {
        self.layout = Some(layout);
        self
    }

    /// The key type's layout: a derived `explain`'s key type's
    /// ([`RowKey::LAYOUT`](crate::RowKey::LAYOUT)); `None` for one made by
    /// [`Explain::new`].
    #[must_use]
    pub fn layout(&self) -> Option<&'static Layout> {
        self.layout
    }

    /// The layout of the field a segment belongs to (a salt or bucket
    /// segment: of the field it is derived from); `None` for a
    /// struct-level salt or without a layout.
    #[must_use]
    pub fn field(&self, segment: &Segment) -> Option<&'static FieldLayout> {
        self.layout?.field(segment.name)
    }

    /// The segments, in key order.
    #[must_use]
    pub fn segments(&self) -> &[Segment; N] {
        &self.segments
    }

    /// The bytes of one segment: one of [`segments`](Explain::segments), or
    /// any other within the key. `None` for a segment outside this key (one
    /// of a longer key's explain, say).
    #[must_use]
    pub fn bytes(&self, segment: &Segment) -> Option<&'a [u8]> {
        self.key.get(segment.start..segment.end)
    }
}

impl<const N: usize> AsRef<[Segment]> for Explain<'_, N> {
    fn as_ref(&self) -> &[Segment] {
        &self.segments
    }
}

impl<const N: usize> fmt::Display for Explain<'_, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.segments {
            // A field's label is its encoding's short name, when the
            // layout is known.
            let label = match s.kind {
                SegmentKind::Salt => "salt",
                SegmentKind::Bucket => "bucket",
                SegmentKind::Field => self.field(s).map_or("", |f| f.encoding.short()),
            };
            let range = Range(s.start, s.end);
            writeln!(
                f,
                "  {:<10} {:<6} {:<10} {}",
                s.name,
                label,
                range,
                // Every segment was checked against the key when made.
                Binary(self.bytes(s).unwrap_or_default())
            )?;
        }
        Ok(())
    }
}

struct Range(usize, usize);
impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Formatted into a stack buffer first so width padding applies; 48
        // bytes hold "[a..b)" for any two usizes, so nothing is ever cut.
        let mut buf = [0u8; 48];
        let mut w = StackWriter {
            buf: &mut buf,
            len: 0,
        };
        let _ = fmt::Write::write_fmt(&mut w, format_args!("[{}..{})", self.0, self.1));
        let len = w.len;
        f.pad(core::str::from_utf8(&buf[..len]).unwrap_or(""))
    }
}

struct StackWriter<'a> {
    buf: &'a mut [u8],
    len: usize,
}
impl fmt::Write for StackWriter<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        if end > self.buf.len() {
            return Err(fmt::Error);
        }
        self.buf[self.len..end].copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::Range;
    use std::string::ToString;

    #[test]
    fn range_labels_print_whole_for_any_positions() {
        let text = Range(usize::MAX - 1, usize::MAX).to_string();
        assert_eq!(text, std::format!("[{}..{})", usize::MAX - 1, usize::MAX));
    }
}
