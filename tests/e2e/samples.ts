import type { APIRequestContext } from "@playwright/test";
import type { AdminGarment } from "@releve/core/tags/contracts";
import { expect } from "./fixtures";

// A sample garment as the admin API shows it, and putting one back as it was: for the QA specs,
// which change mb-001 / ss-002 and must leave them as they found them.

export async function sample(request: APIRequestContext, slug: string): Promise<AdminGarment> {
  const res = await request.get(`/api/admin/garments?status=all&q=${slug}`);
  expect(res.status()).toBe(200);
  const { garments } = (await res.json()) as { garments: AdminGarment[] };
  const garment = garments.find((g) => g.shortSlug === slug);
  if (!garment) throw new Error(`${slug} is not in the admin's garment list`);
  return garment;
}

/** Puts a sample back as it was before the reset (the reset leaves it unclaimed and active). */
export async function restore(request: APIRequestContext, origin: string, was: AdminGarment) {
  if (was.owner?.profileId) {
    const res = await request.post(`/api/admin/garments/${was.id}/reassign`, {
      data: { client_id: was.owner.profileId },
      headers: { Origin: origin },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  if (!was.isActive) {
    const res = await request.post(`/api/admin/garments/${was.id}/status`, {
      data: { is_active: false },
      headers: { Origin: origin },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}
