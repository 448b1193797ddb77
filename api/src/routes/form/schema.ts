import { z } from 'zod';
import { FORM_IDS } from '#shared/forms';

export const ZOpenForm = z.strictObject({ form: z.enum(FORM_IDS) });
