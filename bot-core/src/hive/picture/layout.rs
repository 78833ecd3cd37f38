//! Where the cells go: pixel centres of pointy-topped hexagons, fitted around everything shown
//! with a margin, at a fixed size for a small table and smaller for a large one, and a band under
//! the table for the stacks' names.

use tiny_skia::Point;

use crate::draw::pt;
use crate::hive::Hex;

/// A cell's radius (centre to corner) in pixels at full size.
pub(super) const RADIUS: f32 = 34.0;
/// The smallest radius a large table shrinks to before it is shown in part instead.
pub(super) const MIN_RADIUS: f32 = 12.0;
/// Largest width and height of the whole picture.
pub(super) const MAX_SIDE: f32 = 1400.0;
/// Space around the cells, in radii, and in pixels besides.
const MARGIN: f64 = 0.5;
const PAD: f64 = 8.0;

const SQRT3: f64 = 1.732_050_807_568_877_2;

/// A cell's centre in radii from the centre of cell (0, 0), in f64 so that no cell overflows.
fn unit(h: Hex) -> (f64, f64) {
    let (q, r) = (f64::from(h.q), f64::from(h.r));
    (SQRT3 * (q + r / 2.0), 1.5 * r)
}

/// Where the cells and the band of names go.
#[derive(Clone, Debug)]
pub(super) struct Layout {
    /// A cell's radius in pixels.
    pub(super) radius: f32,
    /// The pixel centre of cell (0, 0), which may lie far outside the picture.
    origin: (f64, f64),
    /// Height of the table's part of the picture; the band of names lies below it.
    pub(super) board_height: f32,
    pub(super) width: u32,
    pub(super) height: u32,
}

impl Layout {
    /// A layout showing every cell of `cells` if they fit at [`MIN_RADIUS`] or larger, else a
    /// window around their middle; and a band `band` high and at least as wide as needed for the
    /// names. No cells give a picture the size of one cell.
    pub(super) fn new(cells: &[Hex], band: (f32, f32)) -> Layout {
        let units: Vec<(f64, f64)> = if cells.is_empty() {
            vec![unit(Hex::default())]
        } else {
            cells.iter().map(|&h| unit(h)).collect()
        };
        let range = |pick: fn(&(f64, f64)) -> f64| {
            units.iter().map(pick).fold((f64::MAX, f64::MIN), |(lo, hi), v| {
                (lo.min(v), hi.max(v))
            })
        };
        let (xs, ys) = (range(|u| u.0), range(|u| u.1));
        // From the outermost centres to the picture's edges, in radii.
        let (half_w, half_h) = (SQRT3 / 2.0 + MARGIN, 1.0 + MARGIN);
        let (band_h, band_w) = (f64::from(band.0), f64::from(band.1));
        let max = f64::from(MAX_SIDE);
        let span_w = xs.1 - xs.0 + 2.0 * half_w;
        let span_h = ys.1 - ys.0 + 2.0 * half_h;
        let radius = f64::from(RADIUS)
            .min((max - 2.0 * PAD) / span_w)
            .min((max - 2.0 * PAD - band_h) / span_h)
            .max(f64::from(MIN_RADIUS))
            .floor();
        let board_w = (span_w * radius + 2.0 * PAD).min(max);
        let board_h = (span_h * radius + 2.0 * PAD).min(max - band_h);
        let width = board_w.max(band_w).min(max).ceil();
        let height = (board_h + band_h).ceil();
        let median = |pick: fn(&(f64, f64)) -> f64| {
            let mut v: Vec<f64> = units.iter().map(pick).collect();
            v.sort_by(f64::total_cmp);
            v[v.len() / 2]
        };
        let ox = place(xs, half_w, median(|u| u.0), radius, width);
        let oy = place(ys, half_h, median(|u| u.1), radius, board_h);
        Layout {
            radius: radius as f32,
            origin: (ox, oy),
            board_height: board_h as f32,
            width: width as u32,
            height: height as u32,
        }
    }

    /// The pixel centre of cell `h`, or `None` if its tile would lie wholly outside the table's
    /// part of the picture.
    pub(super) fn centre(&self, h: Hex) -> Option<Point> {
        let (ux, uy) = unit(h);
        let r = f64::from(self.radius);
        let (x, y) = (self.origin.0 + ux * r, self.origin.1 + uy * r);
        let reach = 2.0 * r;
        let inside = (-reach..=f64::from(self.width) + reach).contains(&x)
            && (-reach..=f64::from(self.board_height) + reach).contains(&y);
        inside.then(|| pt(x as f32, y as f32))
    }
}

/// The pixel position of unit 0 along one axis of `size` pixels: the cells' range `lo..=hi`
/// (in radii, `half` more on each side) centred if it fits, else a window around `middle` kept
/// within the range.
fn place((lo, hi): (f64, f64), half: f64, middle: f64, radius: f64, size: f64) -> f64 {
    let span = (hi - lo + 2.0 * half) * radius;
    if span + 2.0 * PAD <= size + 0.5 {
        return (size - span) / 2.0 + (half - lo) * radius;
    }
    let centred = size / 2.0 - middle * radius;
    // The first cell's edge at no more than PAD from the left; the last's at no less than PAD
    // from the right (the window never shows empty space past the range).
    let first = PAD + (half - lo) * radius;
    let last = size - PAD - (hi + half) * radius;
    centred.clamp(last.min(first), first.max(last))
}
