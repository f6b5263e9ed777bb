// Okey 101's words for a seat's standing and a penalty's cause, shared by the table, its
// assistant and the score sheet.

// A seat's status in words: not opened (declared for pairs), series and value, pairs.
export function statusText(app, status) {
  if (status.series) return app.t("r101.status.series", { value: status.series.value });
  if (status.pairs) return app.t("r101.status.pairs", { n: status.pairs.pairs });
  return status.unopened?.declared ? app.t("r101.status.declared") : app.t("r101.status.unopened");
}

// A penalty's cause in words.
export function causeText(app, cause) {
  if (typeof cause === "string") return app.t(`r101.cause.${cause}`);
  return app.t("r101.cause.table_error");
}
