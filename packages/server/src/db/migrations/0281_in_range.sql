-- "Is this place in the caller's range" (issue 28 §2): the one SQL form, tied to lifecycle/range.ts
-- by a property test. A place is a shop (its id and district) or an area (its region code, no id).
-- Region codes nest by prefix (44 ⊃ 4403 ⊃ 440305, checked when a shop is written), so a place lies
-- in the range when its shop id is listed or its code starts with one of the range's codes.
-- One expression, no sub-select, immutable and not strict: the planner inlines it into the query.
create or replace function in_range(shop_id int, code text, codes text[], shops int[]) returns boolean
  language sql immutable parallel safe
  as $$ select coalesce(shop_id = any(shops), false) or coalesce(code ^@ any(codes), false) $$;
