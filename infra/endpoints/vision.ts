/** Vision (spec 4.12): object detection. */
export const visionEndpoints = {};
