-- One CSV cell from a value, as stats/export writes it (issue 11 §3, docs/decisions/0119): a cell a
-- spreadsheet would run as a formula (starting with = + - @, tab or CR) made text with a leading
-- apostrophe; quoted when it holds a comma, quote or line break. The same rule as csvCell in
-- domains/sales/export.ts (a test compares them), here so the database writes an export's lines and
-- the server passes them through. One SELECT without FROM and string tests only: the planner inlines
-- it for plain columns.
create function csv_cell(v text) returns text
language sql immutable parallel safe as $$
  select case
    when strpos(coalesce(v, ''), ',') + strpos(coalesce(v, ''), '"') + strpos(coalesce(v, ''), chr(13)) + strpos(coalesce(v, ''), chr(10)) > 0
      then '"' || replace(case when left(v, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || v else v end, '"', '""') || '"'
    when left(v, 1) in ('=', '+', '-', '@', chr(9)) then '''' || v
    else coalesce(v, '') end
$$;
