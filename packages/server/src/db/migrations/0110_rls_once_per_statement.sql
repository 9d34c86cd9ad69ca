-- Row-level security policies read the caller's enterprise (and user) once per statement: a
-- scalar subquery is an InitPlan, evaluated once, where the bare stable function call was evaluated
-- for every row a scan visits (measured: a 100,000-device list under RLS, bench/stores.ts).
do $$
declare r record; q text; c text;
begin
  for r in select tablename, policyname, qual, with_check from pg_policies
            where schemaname = current_schema() and (qual like '%app_enterprise()%' or qual like '%app_user()%')
  loop
    q := replace(replace(r.qual, 'app_enterprise()', '(select app_enterprise())'), 'app_user()', '(select app_user())');
    if r.qual ilike '%select app_%' then continue; end if;
    execute format('alter policy %I on %I using (%s)', r.policyname, r.tablename, q);
    if r.with_check is not null and r.with_check not ilike '%select app_%' then
      c := replace(replace(r.with_check, 'app_enterprise()', '(select app_enterprise())'), 'app_user()', '(select app_user())');
      execute format('alter policy %I on %I with check (%s)', r.policyname, r.tablename, c);
    end if;
  end loop;
end $$;
