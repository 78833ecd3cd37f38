//! Where the cells go: pixel centres of pointy-topped hexagons, fitted around everything shown
//! with a margin, at a fixed size for a small table and smaller for a large one (and in part for an
//! absurdly spread one), and a band under the table for the stacks' names.

use tiny_skia::Point;

use crate::Hex;
use bot_core::draw::pt;

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
    /// A layout showing every cell of `cells` if they fit at [`MIN_RADIUS`] or larger, else those
    /// in a window around the cell nearest their middle; and a band `band` high and at least as
    /// wide as needed for the names. No cells give a picture the size of one cell.
    pub(super) fn new(cells: &[Hex], band: (f32, f32)) -> Layout {
        let (band_h, band_w) = (f64::from(band.0), f64::from(band.1));
        let max = f64::from(MAX_SIDE);
        // From the outermost centres to the picture's edges, in radii.
        let (half_w, half_h) = (SQRT3 / 2.0 + MARGIN, 1.0 + MARGIN);
        let min = f64::from(MIN_RADIUS);
        let room = (
            ((max - 2.0 * PAD) / min - 2.0 * half_w).max(0.0),
            ((max - 2.0 * PAD - band_h) / min - 2.0 * half_h).max(0.0),
        );
        let units = window(cells, room);
        let range = |pick: fn(&(f64, f64)) -> f64| {
            units
                .iter()
                .map(pick)
                .fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
        };
        let (xs, ys) = (range(|u| u.0), range(|u| u.1));
        let span_w = xs.1 - xs.0 + 2.0 * half_w;
        let span_h = ys.1 - ys.0 + 2.0 * half_h;
        let radius = f64::from(RADIUS)
            .min((max - 2.0 * PAD) / span_w)
            .min((max - 2.0 * PAD - band_h) / span_h)
            .max(min)
            .floor();
        let board_w = (span_w * radius + 2.0 * PAD).min(max);
        let board_h = (span_h * radius + 2.0 * PAD).min(max - band_h);
        let width = board_w.max(band_w).min(max).ceil();
        let height = (board_h + band_h).ceil();
        // Centred: the range's middle at the picture's.
        let ox = width / 2.0 - (xs.0 + xs.1) / 2.0 * radius;
        let oy = board_h / 2.0 - (ys.0 + ys.1) / 2.0 * radius;
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

/// The centres (in radii) of the cells to show: all of `cells` if they span no more than `room`
/// (width, height), else those within a window of that size around the cell nearest the middle
/// of them all (the medians of their coordinates); the origin alone if there are no cells.
fn window(cells: &[Hex], room: (f64, f64)) -> Vec<(f64, f64)> {
    if cells.is_empty() {
        return vec![unit(Hex::default())];
    }
    let units: Vec<(f64, f64)> = cells.iter().map(|&h| unit(h)).collect();
    let median = |pick: fn(&(f64, f64)) -> f64| {
        let mut v: Vec<f64> = units.iter().map(pick).collect();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (mx, my) = (median(|u| u.0), median(|u| u.1));
    let anchor = units
        .iter()
        .copied()
        .min_by(|a, b| {
            let d = |u: &(f64, f64)| (u.0 - mx).abs() + (u.1 - my).abs();
            d(a).total_cmp(&d(b))
        })
        .unwrap_or_default();
    let near = |u: &(f64, f64)| {
        (u.0 - anchor.0).abs() <= room.0 / 2.0 && (u.1 - anchor.1).abs() <= room.1 / 2.0
    };
    let fits = |pick: fn(&(f64, f64)) -> f64, room: f64| {
        let (lo, hi) = units
            .iter()
            .map(pick)
            .fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
        hi - lo <= room
    };
    if fits(|u| u.0, room.0) && fits(|u| u.1, room.1) {
        units
    } else {
        units.into_iter().filter(near).collect()
    }
}
