//! Wall-clock times as milliseconds since the Unix epoch, and their UTC text. Hand-written
//! because a date library would be a large dependency for two small functions.

use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds since 1970-01-01 UTC; 0 if the clock is set before then.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

/// Year, month, day, hour, minute, second of a time in milliseconds since the epoch (UTC).
fn civil(ms: u64) -> (i64, u32, u32, u32, u32, u32) {
    let secs = ms / 1000;
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Howard Hinnant's days-to-civil: shifts the year to start in March so leap days fall last.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (
        year,
        month,
        day,
        (rem / 3600) as u32,
        (rem % 3600 / 60) as u32,
        (rem % 60) as u32,
    )
}

/// A time as `2026-11-22 02:19:05 UTC`.
pub fn format_utc(ms: u64) -> String {
    let (y, mo, d, h, mi, s) = civil(ms);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02} UTC")
}

/// A time as `20261122T021905Z`, for file names.
pub(crate) fn stamp(ms: u64) -> String {
    let (y, mo, d, h, mi, s) = civil(ms);
    format!("{y:04}{mo:02}{d:02}T{h:02}{mi:02}{s:02}Z")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_text_of_known_instants() {
        assert_eq!(format_utc(0), "1970-01-01 00:00:00 UTC");
        // 2000-02-29 (a leap day of a century year divisible by 400) 12:34:56.
        assert_eq!(format_utc(951_827_696_000), "2000-02-29 12:34:56 UTC");
        assert_eq!(stamp(1_795_314_245_000), "20261122T022405Z");
    }
}
