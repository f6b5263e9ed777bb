//! The webview's arguments, checked: out of range is refused with a reason.

use crate::args::{match_id, meld_id, request101, request_duz, side, slot, slot101, tile, ActArgs};
use crate::error::AppError;

#[test]
fn arguments_out_of_range_are_refused_with_a_reason() {
    assert!(tile(105).is_ok());
    for bad in [-1, 106, 300, i64::MAX] {
        assert_eq!(
            tile(bad).unwrap_err().to_string(),
            format!("{bad} is not a tile (tiles are numbered 0 to 105)")
        );
    }
    assert!(slot(31).is_ok());
    for bad in [-1, 32, 256] {
        assert!(matches!(slot(bad), Err(AppError::NoSuchSlot(n)) if n == bad));
    }
    assert!(matches!(
        request_duz("discard", None, None),
        Err(AppError::TileNeeded)
    ));
    assert!(matches!(
        request_duz("fly", None, None),
        Err(AppError::UnknownAction(_))
    ));
    assert!(matches!(match_id(-3), Err(AppError::NoSuchMatch(-3))));
    assert!(matches!(
        request_duz("draw", None, Some(40)),
        Err(AppError::NoSuchSlot(40))
    ));
}

#[test]
fn r101_requests_out_of_range_are_refused_with_a_reason() {
    assert!(matches!(slot101(32), Err(AppError::NoSuchSlot(32))));
    assert!(matches!(
        meld_id(70_000),
        Err(AppError::NoSuchMeldId(70_000))
    ));
    assert!(matches!(side("up"), Err(AppError::NoSuchSide(_))));
    let args = ActArgs {
        groups: Some(vec![vec![1, 2, 300]]),
        ..ActArgs::default()
    };
    assert!(matches!(
        request101("open", &args),
        Err(AppError::NoSuchTile(300))
    ));
    assert!(matches!(
        request101("lay_off", &ActArgs::default()),
        Err(AppError::TileNeeded)
    ));
    assert!(matches!(
        request101("fly", &ActArgs::default()),
        Err(AppError::UnknownAction(_))
    ));
    let many = ActArgs {
        groups: Some(vec![vec![0; 23]]),
        ..ActArgs::default()
    };
    assert!(request101("meld", &many).is_err());
    assert!(matches!(
        request101("meld", &many),
        Err(AppError::TooManyTiles(23))
    ));
    let no_meld = ActArgs {
        tile: Some(1),
        ..ActArgs::default()
    };
    assert!(matches!(
        request101("lay_off", &no_meld),
        Err(AppError::MeldNeeded)
    ));
}
