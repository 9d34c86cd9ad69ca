-- A menu path is unique in its enterprise (permission management already refuses a taken path);
-- the default-menu helper (domains/company/menus.ts ensureMenus) relies on it to add only what
-- is missing, also when two instances run it at once.
create unique index menus_path on menus(enterprise_id, path);
