import { createMemoryStore } from "./memory-store.ts";
import { describeStoreContract } from "./testing/store-contract.ts";

describeStoreContract("memory store", async () => createMemoryStore());
