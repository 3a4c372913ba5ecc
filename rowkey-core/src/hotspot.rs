//! A per-region write count, to check a layout for hotspots before it meets
//! a cluster: the keys a workload writes, placed by a table's [`Regions`].

use crate::{Error, ErrorKind, Regions};

/// Counts writes per region: feed it the row keys a workload writes, then
/// read the [`Load`]. The caller provides the counters (one per region), so
/// it never allocates.
///
/// ```
/// use rowkey::{split_keys_for, Hotspot, Spread};
/// let splits = split_keys_for(Spread::Bucket { count: 4 }, 2)?;
/// let mut counts = [0u64; 2];
/// let mut hot = Hotspot::new(&splits, &mut counts)?;
/// for key in [[0u8, 9], [1, 9], [2, 9], [3, 9], [3, 8]] {
///     hot.record(&key);
/// }
/// assert_eq!(hot.counts(), &[2, 3]);
/// assert_eq!(hot.load().skew(), Some(1.2)); // busiest 3 / mean 2.5
/// # Ok::<(), rowkey::Error>(())
/// ```
#[derive(Debug)]
pub struct Hotspot<'a, R: ?Sized> {
    regions: &'a R,
    counts: &'a mut [u64],
}

impl<'a, R: Regions + ?Sized> Hotspot<'a, R> {
    /// Starts a count over `regions`, zeroing `counts`.
    ///
    /// # Errors
    /// [`ErrorKind::Invalid`] when `counts` does not have exactly one slot
    /// per region, or the boundaries fail [`Regions::check`].
    pub fn new(regions: &'a R, counts: &'a mut [u64]) -> Result<Self, Error> {
        regions.check()?;
        if regions.regions() == 0 || counts.len() != regions.regions() {
            return Err(Error::key(
                "Hotspot",
                ErrorKind::Invalid {
                    reason: "the counts slice needs exactly one slot per region \
                             (number of split keys + 1)",
                },
            ));
        }
        counts.fill(0);
        Ok(Hotspot { regions, counts })
    }

    /// Counts one write of `key` and returns its region. A counter that
    /// reaches `u64::MAX` stays there.
    pub fn record(&mut self, key: &[u8]) -> usize {
        let r = self.regions.region_of(key);
        // region_of is in 0..regions() == counts.len() for the impls here; a
        // foreign impl that strays is clamped into the last region rather
        // than panicking.
        let slot = r.min(self.counts.len() - 1);
        self.counts[slot] = self.counts[slot].saturating_add(1);
        slot
    }

    /// Writes per region so far.
    #[must_use]
    pub fn counts(&self) -> &[u64] {
        self.counts
    }

    /// Totals, the busiest and idlest region, and the skew.
    #[must_use]
    pub fn load(&self) -> Load {
        Load::of(self.counts)
    }
}

/// A summary of writes per region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Load {
    /// Number of regions.
    pub regions: usize,
    /// Writes over all regions (saturating at `u64::MAX`).
    pub total: u64,
    /// Writes to the busiest region.
    pub max: u64,
    /// The busiest region (the first, on a tie).
    pub busiest: usize,
    /// Writes to the idlest region.
    pub min: u64,
    /// Regions that received no write.
    pub empty: usize,
}

impl Load {
    /// Summarises per-region write counts, e.g. [`Hotspot::counts`] or counts
    /// gathered elsewhere.
    #[must_use]
    pub fn of(counts: &[u64]) -> Load {
        let mut load = Load {
            regions: counts.len(),
            total: 0,
            max: 0,
            busiest: 0,
            min: counts.first().copied().unwrap_or(0),
            empty: 0,
        };
        for (i, &c) in counts.iter().enumerate() {
            load.total = load.total.saturating_add(c);
            if c > load.max {
                load.max = c;
                load.busiest = i;
            }
            load.min = load.min.min(c);
            load.empty += usize::from(c == 0);
        }
        load
    }

    /// Mean writes per region, or `None` with no regions.
    #[must_use]
    #[allow(clippy::cast_precision_loss)] // a ratio for people; 2^53 writes is plenty
    pub fn mean(&self) -> Option<f64> {
        (self.regions > 0).then(|| self.total as f64 / self.regions as f64)
    }

    /// Busiest region's writes over the mean: 1.0 is perfectly even, `n` for
    /// `n` regions means one region took every write. `None` before any
    /// write.
    #[must_use]
    #[allow(clippy::cast_precision_loss)] // a ratio for people; 2^53 writes is plenty
    pub fn skew(&self) -> Option<f64> {
        (self.total > 0).then(|| self.max as f64 * self.regions as f64 / self.total as f64)
    }
}
