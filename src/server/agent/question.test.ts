import { describe, expect, it } from 'vitest';
import { answerTypeOf } from './question.ts';

describe('answerTypeOf', () => {
  it.each([
    ['how much do people make at the police department', 'amount'],
    ['um so what does a cleaning cost', 'amount'],
    ['how many branches do you have', 'count'],
    ['how long does a repair take', 'duration'],
    ['ok how long will you have it for', 'duration'],
    ['how often do you collect glass', 'count'],
    ['when do you open tomorrow', 'time'],
    ['whats the last day to drop a class', 'time'],
    ['what is the deadline', 'time'],
    ["what's the hourly rate for the packers", 'amount'],
    ['what is the best way to reach you', 'other'],
    ['what time do you close on saturdays', 'time'],
    ['in what year was the church built', 'year'],
    ['what year was that', 'year'],
    ['where can i park', 'place'],
    ['which city is the office in', 'place'],
    ['who gave their name to normandy', 'person'],
    ['what company makes the software', 'person'],
    ['how can i create an account', 'procedure'],
    ['do you sell skateboards', 'yesno'],
    ['can you tell me if you are open on the 26th', 'yesno'],
    ['what is an account', 'other'],
    ['does the redis one close the connection when the server shuts down', 'yesno'],
    ['is the pool open when it rains', 'yesno'],
    ['can you check when you open on sunday', 'time'],
    ['do you remember where i left my keys', 'place'],
    ['is there a doctor who speaks french', 'yesno'],
  ])('%s -> %s', (question, type) => {
    expect(answerTypeOf(question)).toBe(type);
  });
});
