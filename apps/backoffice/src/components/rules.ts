import type { Rule } from 'antd/es/form';

/**
 * A form rule: the field's value may not be below another field's (a largest stake under the smallest, a maximum
 * payout under the largest stake). Empty values are left to the `required` rule. Give the form item
 * `dependencies={[other]}` so that a change of the other field checks this one again.
 */
export const notBelowField =
  (other: string, message: () => string): Rule =>
  ({ getFieldValue }) => ({
    validator: async (_, v: number | null | undefined) => {
      const floor = getFieldValue(other) as number | null | undefined;
      if (v !== null && v !== undefined && floor !== null && floor !== undefined && v < floor)
        throw new Error(message());
    },
  });

/**
 * A form item's `normalize` for an e-mail: the spaces around a pasted address dropped as it lands in the field
 * (they once failed the e-mail rule, or reached the server).
 */
export const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
