// A video's derived files with the local storage driver (tests/helpers/derived-files-cases.ts).
import { useApiTestEnv } from "../helpers/env";
import { derivedFilesCases } from "../helpers/derived-files-cases";

useApiTestEnv("derived-files");

derivedFilesCases();
