/** Contract of the announcements feature (issue 7). */
export {};
