import { describe, expect, it } from "vitest";
import { welcomeOffer } from "../../shared/quote/offers";
import { arrivingOffer, forgetOffer, offerNoteKey, rememberOffer } from "./offer-note";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe("the welcome offer carried to the form", () => {
  it("comes from the link and is noted for a detour", () => {
    const store = memoryStorage();
    expect(arrivingOffer("?offer=welcome-20", store)).toEqual(welcomeOffer);
    expect(store.data.get(offerNoteKey)).toBe("welcome-20");
  });

  it("comes from the note when the address no longer carries it", () => {
    const store = memoryStorage();
    rememberOffer("welcome-20", store);
    expect(arrivingOffer("", store)?.id).toBe("welcome-20");
  });

  it("is nothing without link or note", () => {
    expect(arrivingOffer("", memoryStorage())).toBeNull();
    expect(arrivingOffer("?offer=", memoryStorage())).toBeNull();
  });

  it("ignores an offer the site does not make and drops a stale note", () => {
    const store = memoryStorage({ [offerNoteKey]: "summer-50" });
    expect(arrivingOffer("", store)).toBeNull();
    expect(store.data.has(offerNoteKey)).toBe(false);
    expect(arrivingOffer("?offer=free-cleaning", memoryStorage())).toBeNull();
  });

  it("is gone once removed", () => {
    const store = memoryStorage();
    rememberOffer("welcome-20", store);
    forgetOffer(store);
    expect(arrivingOffer("", store)).toBeNull();
  });

  it("works with storage blocked", () => {
    expect(arrivingOffer("?offer=welcome-20", null)?.id).toBe("welcome-20");
    expect(arrivingOffer("", null)).toBeNull();
  });
});
