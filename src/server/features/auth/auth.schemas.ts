import { z } from 'zod';

const email = z
  .string({ error: 'email is required' })
  .trim()
  .min(1, 'email is required')
  .max(254, 'email is too long')
  .pipe(z.email('email must be a valid email address'));

export const loginBodySchema = z.object({
  email,
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(200),
});

export const registerBodySchema = z.object({
  email,
  password: z
    .string({ error: 'password is required' })
    .min(1, 'password is required')
    .min(8, 'password must be at least 8 characters')
    .max(200, 'password must be at most 200 characters'),
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(100, 'name is too long'),
});

export const localGoogleBodySchema = z.object({
  state: z.string({ error: 'state is required' }).min(1, 'state is required'),
  email,
  name: z.string().trim().max(100).default(''),
});

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  picture: z.string().nullable(),
  is_admin: z.boolean(),
});

export const sessionResponseSchema = z.object({ session_token: z.string(), user: userSchema });
