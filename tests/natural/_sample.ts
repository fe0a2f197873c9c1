/** Small hand-made LoCoMo samples for the converter tests. @module */
import type { LocomoSample } from "../../lib/natural/load_locomo.ts";

/**
 * A two-speaker conversation: session 1 (3 turns), session 2 (2 turns) and
 * session 3 with a date but no turns; observations for sessions 1 and 2.
 */
export function smallSample(qa: LocomoSample["qa"]): LocomoSample {
  return {
    sample_id: "conv-t",
    conversation: {
      speaker_a: "Ann",
      speaker_b: "Bo",
      session_1_date_time: "1:00 pm on 1 May, 2023",
      session_1: [
        { speaker: "Ann", dia_id: "D1:1", text: "I adopted a cat named Tom." },
        { speaker: "Bo", dia_id: "D1:2", text: "Nice! I ran a marathon yesterday." },
        { speaker: "Ann", dia_id: "D1:3", text: "Congrats on the marathon." },
      ],
      session_2_date_time: "2:00 pm on 9 May, 2023",
      session_2: [
        { speaker: "Bo", dia_id: "D2:1", text: "I started painting lakes." },
        { speaker: "Ann", dia_id: "D2:2", text: "Tom knocked over my vase." },
      ],
      session_3_date_time: "3:00 pm on 20 May, 2023",
    },
    observation: {
      session_1_observation: {
        Ann: [["Ann adopted a cat named Tom.", "D1:1"]],
        Bo: [["Bo ran a marathon.", ["D1:2", "D1:3"]]],
      },
      session_2_observation: {
        Bo: [["Bo started painting lakes.", "D2:1"]],
        Ann: [["Ann's cat Tom broke a vase.", "D2:2, D1:1"]],
      },
    },
    qa,
  };
}

/** A QA item with defaults (category 4, answer "x"). */
export function qaItem(
  evidence: string[],
  extra: Partial<LocomoSample["qa"][number]> = {},
): LocomoSample["qa"][number] {
  return {
    question: `Q about ${evidence.join("+")}?`,
    answer: "x",
    evidence,
    category: 4,
    ...extra,
  };
}
