import { updateProfileSchema } from '@carcare/contracts/users';
import { MAX_PROFILE_IMAGE_BYTES, PROFILE_IMAGE_TYPES, USER_MESSAGES } from '@carcare/contracts/users-constants';
import { z } from 'zod';

const { firstName, lastName, address, phone } = updateProfileSchema.shape;

const isProfileImageType = (type: string) => PROFILE_IMAGE_TYPES.some((accepted) => accepted === type);

/** SPEC section 5, "Profile update": the same field rules as PUT /user/update, but names are required here. */
export const profileFormSchema = z.object({
  firstName: firstName.unwrap(),
  lastName: lastName.unwrap(),
  address: address.unwrap().unwrap(),
  phone: phone.unwrap().unwrap(),
  image: z
    .instanceof(File)
    .refine((file) => isProfileImageType(file.type), { error: USER_MESSAGES.imageInvalid, abort: true })
    .refine((file) => file.size <= MAX_PROFILE_IMAGE_BYTES, { error: USER_MESSAGES.imageTooLarge })
    .nullable(),
  textsAccepted: z.boolean(),
  /** Review requests on: the inverse of the stored `reviewRequestsOff`, as the switch reads. */
  reviewRequests: z.boolean(),
});

export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;

export const PROFILE_IMAGE_ACCEPT = PROFILE_IMAGE_TYPES.join(',');
