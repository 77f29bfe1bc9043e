-- One VIP model: a level is reached by growth (0034). The original's turnover requirements of a level are gone;
-- MCSFE_getPlayerRankProgress answers from growth (the vip area).
alter table vip_levels drop column monthly_turnover, drop column total_turnover;
