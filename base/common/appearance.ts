import { z } from 'zod';

/** The appearance the user chose: the system's, or light or dark whatever the system says. */
export const ThemeSourceSchema = z.enum(['system', 'light', 'dark']);
export type ThemeSource = z.infer<typeof ThemeSourceSchema>;
