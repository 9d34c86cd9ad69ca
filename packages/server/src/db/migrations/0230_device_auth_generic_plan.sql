-- device_auth (0220) plans its lookup once per session, not on every call. PL/pgSQL caches the
-- statement, but under the default plan_cache_mode (auto) the plan cache weighs a generic plan
-- against custom ones: `token_hash = any(p_hashes)` costed for an array of unknown length against
-- the custom plans' one or few hashes, so calls kept planning the three-table join anew (measured
-- under the visit bench: most of device_auth's CPU, ~0.25 ms a call). A generic plan alone would be
-- chosen by the tables' statistics, and on small tables it is a hash join over sequential scans —
-- as costly as the planning. The lookup is by a unique key whatever the tables hold: index probes
-- in nested loops, the plan pinned for every size (docs/decisions/0119).
alter function device_auth(text[]) set plan_cache_mode = force_generic_plan;
alter function device_auth(text[]) set enable_seqscan = off;
alter function device_auth(text[]) set enable_hashjoin = off;
alter function device_auth(text[]) set enable_mergejoin = off;
