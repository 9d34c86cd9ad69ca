import { z } from 'zod';

export type MenuItem = {
  id: number;
  path: string;
  title: string;
  titleEn: string;
  icon: string;
  sort: number;
  level: number;
  weight: number;
  pid: number;
  children: MenuItem[];
};

export const menuItem: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: z.number(),
    path: z.string(),
    title: z.string(),
    titleEn: z.string(),
    icon: z.string(),
    sort: z.number(),
    level: z.number(),
    weight: z.number(),
    pid: z.number(),
    children: z.array(menuItem),
  }),
);
